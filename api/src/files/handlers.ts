import type { Database } from '../db/database.js';
import type { EndpointHandlers } from '../http/endpoint-routes.js';

export type FileEndpoint = 'uploadFile' | 'downloadFile';

export interface FileHandlerDependencies {
  db: Database;
  now: () => Date;
}

const notYet = async (): Promise<never> => {
  throw new Error('Files are being built');
};

/** Attachments (SPEC §7 `/files`): upload checked by content, download only for the ticket's owner and agents. */
export function createFileHandlers(_dependencies: FileHandlerDependencies): Pick<EndpointHandlers, FileEndpoint> {
  return { uploadFile: notYet, downloadFile: notYet };
}
