import { Modal } from 'antd';
import { RatingBox, type RatingBoxProps } from '@/components/portal/RatingBox';

type Props = { title: string; open: boolean; onClose: () => void } & Pick<RatingBoxProps, 'catalogId' | 'mine'>;

/** 我要评分 from the detail header: the rating form in a dialog. */
export default function RatingDialog({ title, open, onClose, catalogId, mine }: Props) {
  return (
    <Modal open={open} title={`评分：${title}`} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <RatingBox catalogId={catalogId} mine={mine} onDone={onClose} />
    </Modal>
  );
}
