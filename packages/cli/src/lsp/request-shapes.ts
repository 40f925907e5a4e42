import { position, textDocument } from './request-params.js';

/**
 * The fields of a request at a place in a document. Requests are registered with `onRequest`
 * rather than `onHover` and the like, which read progress tokens from the params before the
 * handler can check them (and fail on `"params": null`).
 */
export const atPosition = { textDocument, position };
