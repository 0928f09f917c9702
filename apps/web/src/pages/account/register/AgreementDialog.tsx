import type { AgreementText } from '@odp/contracts';
import { Button, Modal } from 'antd';

/** Reads the 用户协议 or the 隐私声明 in a dialog. */
export function AgreementDialog({ text, onClose }: { text: AgreementText | null; onClose: () => void }) {
  return (
    <Modal
      title={text?.title}
      open={Boolean(text)}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已阅读
        </Button>
      }
      width={720}
    >
      <div className="agreement-text" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {text?.paragraphs.map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
      </div>
    </Modal>
  );
}
