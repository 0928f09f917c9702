import { defineModule } from '../../platform/module.js';
import { attachmentRoutes } from './routes.js';

/** Documents attached to share and open applications: uploaded, checked by content, read by the application's readers. */
export const attachmentsModule = defineModule({ name: 'attachments', routes: [attachmentRoutes] });
