import { DeleteOutlined, DragOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Perm, PictureMessages, type PictureRecord } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '@/api/feedback';
import { deletePicture, listPictures, pictureKeys, reorderPictures } from '@/api/system/picture';
import { useCan } from '@/components/ResourcePage';
import { PictureUploadDialog } from './PictureUploadDialog';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function PictureCard({
  picture,
  index,
  canEdit,
  onDelete,
}: {
  picture: PictureRecord;
  index: number;
  canEdit: boolean;
  onDelete: (picture: PictureRecord) => Promise<unknown>;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: picture.id,
    disabled: !canEdit,
  });
  return (
    <div
      ref={setNodeRef}
      data-testid="picture-card"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      <Card
        size="small"
        hoverable
        cover={
          <div
            {...attributes}
            {...listeners}
            title={canEdit ? `拖动调整「${picture.title}」的顺序` : picture.title}
            style={{ cursor: canEdit ? 'grab' : 'default', position: 'relative', touchAction: 'none' }}
          >
            <img
              src={picture.url}
              alt={picture.title}
              draggable={false}
              style={{ width: '100%', aspectRatio: '10 / 3', objectFit: 'cover', display: 'block' }}
            />
            <span
              style={{
                position: 'absolute',
                left: 8,
                top: 8,
                padding: '0 8px',
                borderRadius: 10,
                background: 'rgba(0,0,0,0.55)',
                color: '#fff',
                fontSize: 12,
              }}
            >
              {index + 1}
            </span>
          </div>
        }
        actions={
          canEdit
            ? [
                <span key="drag" title="拖动图片调整顺序">
                  <DragOutlined /> 拖动排序
                </span>,
                <Popconfirm
                  key="delete"
                  title={`确定删除轮播图「${picture.title}」吗？`}
                  description="删除后门户首页将不再展示该图片。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(picture)}
                >
                  <Typography.Link type="danger">
                    <DeleteOutlined /> 删除
                  </Typography.Link>
                </Popconfirm>,
              ]
            : undefined
        }
      >
        <Card.Meta
          title={picture.title}
          description={
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Typography.Text type="secondary" ellipsis={{ tooltip: picture.linkUrl ?? undefined }}>
                <LinkOutlined /> {picture.linkUrl ?? '无链接'}
              </Typography.Text>
              <Typography.Text type="secondary">
                {picture.mimeType.replace('image/', '').toUpperCase()} · {formatSize(picture.size)}
              </Typography.Text>
            </Space>
          }
        />
      </Card>
    </div>
  );
}

/** 轮播图管理 (/system/picture): the portal home slideshow, uploaded here and ordered by dragging. */
export default function PicturePage() {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const can = useCan();
  const canEdit = can(Perm.pictureEdit);
  const [uploading, setUploading] = useState(false);
  const { data, isLoading, isError, refetch } = useQuery({ queryKey: pictureKeys.all, queryFn: listPictures });
  // The order on screen; follows the server's list until the user drags.
  const [order, setOrder] = useState<PictureRecord[]>([]);
  useEffect(() => setOrder(data ?? []), [data]);

  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pictureKeys.all }),
      queryClient.invalidateQueries({ queryKey: pictureKeys.portal }),
    ]);

  const saveOrder = useMutation({
    mutationFn: (pictures: PictureRecord[]) => reorderPictures(pictures.map((p) => p.id)),
    onSuccess: () => message.success(PictureMessages.orderSaved),
    // The server refused (e.g. someone else added a picture): show its order again.
    onError: () => setOrder(data ?? []),
    onSettled: invalidate,
  });

  const remove = async (picture: PictureRecord) => {
    await deletePicture(picture.id);
    message.success('删除成功');
    await invalidate();
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((p) => p.id === active.id);
    const to = order.findIndex((p) => p.id === over.id);
    const next = arrayMove(order, from, to);
    setOrder(next);
    saveOrder.mutate(next);
  };

  return (
    <>
      <Card
        title="轮播图管理"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
              上传图片
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">
          门户首页按以下顺序轮播。{canEdit && '拖动图片调整顺序，松开后自动保存。'}
        </Typography.Paragraph>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isError ? (
          <Result
            status="warning"
            title="轮播图加载失败"
            extra={<Button onClick={() => void refetch()}>重试</Button>}
          />
        ) : order.length === 0 ? (
          <Empty description="暂无轮播图，门户首页将显示默认横幅">
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
                上传第一张
              </Button>
            )}
          </Empty>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={order.map((p) => p.id)} strategy={rectSortingStrategy}>
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
                  gap: 16,
                  opacity: saveOrder.isPending ? 0.7 : 1,
                }}
              >
                {order.map((picture, index) => (
                  <PictureCard key={picture.id} picture={picture} index={index} canEdit={canEdit} onDelete={remove} />
                ))}
              </div>
            </SortableContext>
          </DndContext>
        )}
      </Card>
      <PictureUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onDone={() => {
          setUploading(false);
          void invalidate();
        }}
      />
    </>
  );
}
