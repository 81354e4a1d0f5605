import { ServerError, TableApi } from '@tabula/server/http-client';

/** The server that served this page: the client talks to nothing else. */
export const api = new TableApi(window.location.origin);

export { ServerError };

/** A refusal's text for a person: the server's message, or what went wrong on the way. */
export function reasonOf(error: unknown): string {
  if (error instanceof ServerError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
