export { isBlankHtml, normaliseLink } from './link';
export { RichTextEditor } from './RichTextEditor';
