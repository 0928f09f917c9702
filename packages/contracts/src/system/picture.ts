import { z } from 'zod';
import { idOf, optionalText, requiredText } from '../core/fields.js';
import { PICTURE_WIDTHS } from './picture-sizes.js';

/** Largest slideshow picture accepted, checked on the client before upload and on the server. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** The picture types accepted, as detected from the file's first bytes. */
export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PictureMimeType = (typeof PICTURE_MIME_TYPES)[number];

export const PictureMessages = {
  tooLarge: '图片不能超过5MB',
  typeNotAllowed: '仅支持 JPG、PNG、WebP 图片',
  noFile: '请选择要上传的图片',
  notFound: '图片不存在或已删除',
  orderMismatch: '排序须包含全部图片且不能重复，请刷新后重试',
  orderSaved: '排序已保存',
} as const;

/** A link opened from the carousel: http(s), or a path on this site (never `//host` or `javascript:`). */
export const PictureLinkUrl = optionalText(500, '链接').refine(
  (v) => v === null || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v) || /^\/(?![/\\])[^\s]*$/.test(v),
  {
    message: '链接须以 http://、https:// 或 / 开头',
  },
);

/** The text fields of an upload (sent as multipart fields next to the file). */
export const PictureUploadFields = z.object({
  title: requiredText('标题', 100, { missing: true }),
  linkUrl: PictureLinkUrl,
});
export type PictureUploadFields = z.infer<typeof PictureUploadFields>;

const Id = idOf();

export const PictureIdQuery = z.object({ id: Id });
export type PictureIdQuery = z.infer<typeof PictureIdQuery>;

export const PictureIdParams = z.object({ id: Id });

export const PictureFileQuery = z.object({
  w: z.coerce
    .number()
    .refine((w) => (PICTURE_WIDTHS as readonly number[]).includes(w), `宽度只能是 ${PICTURE_WIDTHS.join('、')} 之一`)
    .optional(),
});
export type PictureFileQuery = z.infer<typeof PictureFileQuery>;

export type PictureIdParams = z.infer<typeof PictureIdParams>;

export const PictureSequenceInput = z.object({
  ids: z.array(Id, { error: '请提供图片顺序' }).max(200, '图片不能超过 200 张'),
});
export type PictureSequenceInput = z.infer<typeof PictureSequenceInput>;

export type PictureRecord = {
  id: string;
  title: string;
  linkUrl: string | null;
  /** Path of the image under the API base, e.g. `/sys/common/picture/file/<id>`. */
  url: string;
  mimeType: string;
  size: number;
  sortNo: number;
  createTime: string;
};
