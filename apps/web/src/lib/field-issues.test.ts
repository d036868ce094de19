import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldIssues, sameNames } from './field-issues';

const refusal = (...issues: { field: string; message: string }[]) =>
  new ApiError(400, 'invalid-input', issues[0]?.message ?? 'Bad input', issues);

describe('fieldIssues', () => {
  it("puts each request field's message on the form field that shows it", () => {
    const error = refusal(
      { field: 'perPartsPrice', message: 'Unit price must be at most 100,000' },
      { field: 'img', message: 'Image must be an uploaded picture or an http(s) URL' },
    );
    expect(fieldIssues(error, { perPartsPrice: 'unitPrice', img: 'image' })).toEqual({
      unitPrice: 'Unit price must be at most 100,000',
      image: 'Image must be an uploaded picture or an http(s) URL',
    });
  });

  it('keeps the first message when two request fields share a form field', () => {
    const error = refusal(
      { field: 'card.expMonth', message: 'Month must be at most 99' },
      { field: 'card.expYear', message: 'Year must be at most 9999' },
    );
    expect(fieldIssues(error, { 'card.expMonth': 'expiry', 'card.expYear': 'expiry' })).toEqual({
      expiry: 'Month must be at most 99',
    });
  });

  it('leaves out fields the form does not show, even ones named like object properties', () => {
    const error = refusal(
      { field: 'toolsId', message: 'toolsId is required' },
      { field: 'constructor', message: 'Unknown field' },
    );
    expect(fieldIssues(error, sameNames('phoneNumber', 'address'))).toEqual({});
  });

  it('has nothing to say about other failures', () => {
    expect(fieldIssues(new ApiError(0, 'network', 'Offline'), sameNames('email'))).toEqual({});
    expect(fieldIssues(new Error('Boom'), sameNames('email'))).toEqual({});
  });
});
