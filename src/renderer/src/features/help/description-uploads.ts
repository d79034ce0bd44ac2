/**
 * The help ticket description's files: the shared staged
 * files (../../components/staged-files.ts) through the help calls; their
 * upload tokens join the ticket's `imageTokens` in the main process.
 */
import { descriptionCountMessage, TICKET_MAX_DESCRIPTION_FILES } from '../../../../shared/rules/help/description';
import { useStagedFiles, type StagedFileCalls, type StagedFilesState } from '../../components/staged-files';
import { discardDescriptionFile, stageDescriptionFile, uploadDescriptionFile } from './client';

const DESCRIPTION_CALLS: StagedFileCalls = {
  stage: (piece) => stageDescriptionFile(piece),
  upload: (uploadId) => uploadDescriptionFile({ uploadId }),
  discard: (uploadId) => discardDescriptionFile({ uploadId }),
};

const DESCRIPTION_LIMITS = { max: TICKET_MAX_DESCRIPTION_FILES, countMessage: descriptionCountMessage() };

/** The description's files for one ticket draft: at most 10. */
export function useDescriptionFiles(): StagedFilesState {
  return useStagedFiles(DESCRIPTION_CALLS, DESCRIPTION_LIMITS);
}
