/**
 * Placeholder: replaced by the real handler. SQS consumer of the Meta webhook-events queue
 * (POST /webhooks/meta acknowledges fast and queues the work here; see issue 3 item 4).
 * Returns an SQS partial-batch response so the event source mapping's ReportBatchItemFailures works.
 */
export const handler = async (): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> => ({ batchItemFailures: [] });
