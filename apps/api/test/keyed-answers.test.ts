import { describe, expect, it } from 'vitest';
import { KeyedAnswers } from '../src/lib/keyed-answers';

/** lib/keyed-answers.ts: what the back office's and the catalogue's kept answers rely on. */
describe('kept answers', () => {
  it('keeps an answer per key until invalidated, and shares one load among readers at once', async () => {
    const answers = new KeyedAnswers<string>(10);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    const [a, b] = await Promise.all([answers.get('k', load), answers.get('k', load)]);
    expect([a, b, loads]).toEqual(['answer 1', 'answer 1', 1]);
    expect(await answers.get('k', load)).toBe('answer 1');
    answers.invalidate();
    expect(await answers.get('k', load)).toBe('answer 2');
  });

  it('answers but does not keep a load that began before an invalidation', async () => {
    const answers = new KeyedAnswers<string>(10);
    let release!: (value: string) => void;
    const slow = answers.get('k', () => new Promise((resolve) => (release = resolve)));
    answers.invalidate();
    release('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await answers.get('k', async () => 'read after')).toBe('read after');
  });

  it('keeps at most its limit, the oldest going first, and nothing while it may not keep', async () => {
    const answers = new KeyedAnswers<string>(2);
    for (const key of ['a', 'b', 'c']) await answers.get(key, async () => `${key} 1`);
    expect(await answers.get('a', async () => 'a 2')).toBe('a 2');
    expect(await answers.get('c', async () => 'c 2')).toBe('c 1');
    let mayKeep = false;
    const guarded = new KeyedAnswers<string>(2, () => mayKeep);
    await guarded.get('k', async () => 'first');
    expect(await guarded.get('k', async () => 'second')).toBe('second');
    mayKeep = true;
    await guarded.get('k', async () => 'third');
    expect(await guarded.get('k', async () => 'fourth')).toBe('third');
  });

  it('keeps no failure: the next reader loads again', async () => {
    const answers = new KeyedAnswers<string>(2);
    await expect(answers.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await answers.get('k', async () => 'up')).toBe('up');
  });
});
