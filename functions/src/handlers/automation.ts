/** Placeholder: replaced by the real handler. */
export const handler = async (): Promise<unknown> => ({ statusCode: 501, body: "" });
