/** The ApiError a promise rejects with (the test fails if it resolves or rejects with something else). */
import { expect } from 'vitest';
import { ApiError } from '../../common/invoicing/errors';

export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
