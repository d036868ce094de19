import { apiErrorSchema } from '@shop/shared/contracts/error';

/** The error responses a route can give, for its schema and so for the OpenAPI docs. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

export const bearerSecurity = [{ bearer: [] }];
