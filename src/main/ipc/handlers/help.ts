/** The help panel, help ticket, attachments and demo request. */
import type { HelpService } from '../../services/help/help-service';
import type { HandlersOf } from '../router';

export function helpHandlers(help: HelpService): HandlersOf<'help'> {
  return {
    'help.context': () => help.context(),
    'help.dismissTooltip': () => help.dismissTooltip(),
    'help.searchArticles': ({ query }) => help.searchArticles(query),
    'help.suggestedArticles': ({ route, downloadsOpen }) => help.suggestedArticles(route, downloadsOpen),
    'help.technicians': () => help.technicians(),
    'help.submitTicket': (args) => help.submitTicket(args),
    'help.stageDescriptionFile': (piece) => help.stageDescriptionFile(piece),
    'help.uploadDescriptionFile': ({ uploadId }) => help.uploadDescriptionFile(uploadId),
    'help.discardDescriptionFile': ({ uploadId }) => help.discardDescriptionFile(uploadId),
    'help.stageAttachment': (piece) => help.stageAttachment(piece),
    'help.uploadAttachment': ({ uploadId }) => help.uploadAttachment(uploadId),
    'help.discardAttachment': ({ uploadId }) => help.discardAttachment(uploadId),
    'help.cancelSubmission': ({ submissionId }) => help.cancelSubmission(submissionId),
    'help.attachmentUrl': ({ id }) => help.attachmentUrl(id),
    'help.attachmentPreview': ({ id }) => help.attachmentPreview(id),
    'help.openAcademy': () => help.openAcademy(),
    'help.requestDemo': ({ userName, userEmail }) => help.requestDemo(userName, userEmail),
  };
}
