import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, s3Settings } from '../src/config';

const complete = {
  S3_BUCKET: 'shop-pictures',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 settings', () => {
  it('are off by default: pictures stay in DATA_DIR/uploads', () => {
    expect(s3Settings(loadConfig({}))).toBeNull();
  });

  it('need a bucket and its keys; the region defaults to us-east-1', () => {
    expect(s3Settings(loadConfig(complete))).toEqual({
      bucket: 'shop-pictures',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('use path-style addressing with an endpoint of its own, unless told otherwise', () => {
    const withEndpoint = { ...complete, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-central-1' };
    expect(s3Settings(loadConfig(withEndpoint))).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    expect(s3Settings(loadConfig({ ...withEndpoint, S3_FORCE_PATH_STYLE: 'false' }))).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('a partial set stops start-up, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-pictures' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when any S3_\* setting is given/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required/,
    );
    // A default-looking value alone is still a sign that S3 was meant.
    expect(() => loadConfig({ S3_REGION: 'us-east-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...complete, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('a bad value stops start-up, naming it', () => {
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'ftp://files.test' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...complete, S3_BUCKET: 'Shop_Pictures' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...complete, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
