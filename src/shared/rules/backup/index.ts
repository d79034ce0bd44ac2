/** The backup area's door in shared/rules: what other areas may use of it. */
export { PREVIEW_IMAGE_TYPES, previewKindOf } from './preview';
