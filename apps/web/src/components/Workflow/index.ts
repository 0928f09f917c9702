export { showBatchResult } from './BatchResult';
export { batchResultOf, isBatchResult, oneByOne } from './batch-result';
export { allowedOf, type ButtonFilter, batchButtonsFor, buttonsFor } from './buttons';
export { TaskInboxPage } from './TaskInbox';
export type * from './types';
export { defineTaskInbox, defineWorkflow } from './types';
export { useTransitions } from './useTransitions';
export { WorkflowButtons } from './WorkflowButtons';
