import { InboxOutlined } from '@ant-design/icons';
import { MAX_PICTURE_BYTES, PICTURE_MIME_TYPES, PictureMessages, PictureUploadFields } from '@odp/contracts';
import { Form, Input, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { uploadPicture } from '@/api/system/picture';
import { zodRule } from '@/components/ResourcePage';

type Values = { title: string; linkUrl?: string };

/**
 * A courtesy check before sending: the browser's idea of the type and the size. The server decides
 * from the bytes themselves, so a renamed file is still judged by what it is.
 */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type)) return PictureMessages.typeNotAllowed;
  if (file.size > MAX_PICTURE_BYTES) return PictureMessages.tooLarge;
  return null;
}

const field = PictureUploadFields.shape;

/** 上传图片: a title, an optional link and one JPG/PNG/WebP of at most 5MB. */
export function PictureUploadDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = feedback;
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    form.resetFields();
    setFile(null);
    setFileList([]);
    setFileError(null);
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError(PictureMessages.noFile);
      return;
    }
    setSaving(true);
    try {
      await uploadPicture({ file, title: values.title, linkUrl: values.linkUrl });
      message.success('上传成功');
      reset();
      onDone();
    } catch {
      // The client has shown the server's message (e.g. 仅支持 JPG、PNG、WebP 图片).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="上传轮播图"
      open={open}
      okText="上传"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnClose
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label="标题" rules={[zodRule(field.title)]}>
          <Input placeholder="如 公共数据开放" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="linkUrl"
          label="链接（可选）"
          extra="点击轮播图时打开，须以 http://、https:// 或 / 开头"
          rules={[zodRule(field.linkUrl)]}
        >
          <Input placeholder="如 /catalogue/datacatalogue" maxLength={500} />
        </Form.Item>
        <Form.Item
          label="图片"
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? '支持 JPG、PNG、WebP，不超过 5MB，建议宽高比 10:3（如 1600×480）'}
        >
          <Upload.Dragger
            accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
            maxCount={1}
            listType="picture"
            fileList={fileList}
            beforeUpload={(picked) => {
              const problem = pictureProblem(picked);
              setFileError(problem);
              if (problem) {
                setFile(null);
                setFileList([]);
              } else {
                setFile(picked);
                setFileList([{ uid: picked.uid, name: picked.name, status: 'done', originFileObj: picked }]);
              }
              // Kept in the dialog and sent with the form, never uploaded on its own.
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setFileList([]);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽图片到此处</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}
