import {
  DrawerForm,
  ProForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { type AnnouncementRecord, AnnouncementFieldSchemas as field } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { feedback } from '@/api/feedback';
import { addAnnouncement, announcementKeys, editAnnouncement } from '@/api/system/announcement';
import { zodRule } from '@/components/ResourcePage';
import { isApiError } from '@/components/ResourcePage/errors';
import { isBlankHtml, RichTextEditor } from '@/components/RichTextEditor';
import { AnnouncementUserSelect } from './AnnouncementUserSelect';
import {
  type AnnouncementFormValues,
  EMPTY_ANNOUNCEMENT,
  toAnnouncementInput,
  toFormValues,
} from './announcement-form';
import { DepartTreeSelect } from './DepartTreeSelect';

type Props = { record?: AnnouncementRecord; onClose: () => void };

/** 新增 / 编辑 of an announcement (drafts only): content in the rich-text editor, audience, window, open type. */
export function AnnouncementFormDrawer({ record, onClose }: Props) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AnnouncementFormValues>();

  const onFinish = async (values: AnnouncementFormValues) => {
    const input = toAnnouncementInput(values);
    try {
      if (record) await editAnnouncement({ ...input, id: record.id });
      else await addAnnouncement(input);
    } catch (error) {
      // The client has already shown the server's message; keep the drawer open to fix it.
      if (!isApiError(error)) message.error('保存失败，请稍后再试');
      return false;
    }
    message.success(record ? '修改成功' : '新增成功');
    await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    onClose();
    return true;
  };

  return (
    <DrawerForm<AnnouncementFormValues>
      name="announcement-form"
      title={record ? '编辑公告' : '新增公告'}
      open
      width={820}
      form={form}
      layout="horizontal"
      labelCol={{ flex: '100px' }}
      initialValues={record ? toFormValues(record) : EMPTY_ANNOUNCEMENT}
      drawerProps={{ destroyOnHidden: true, onClose, maskClosable: false }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={onFinish}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
    >
      <ProFormText name="titile" label="标题" placeholder="请输入标题" rules={[zodRule(field.titile)]} />
      <ProForm.Item
        name="msgContent"
        label="内容"
        rules={[
          { required: true, message: '请输入内容' },
          {
            validator: async (_r: unknown, v: string) =>
              v && isBlankHtml(v) ? Promise.reject('请输入内容') : undefined,
          },
        ]}
      >
        <RichTextEditor aria-label="公告内容" />
      </ProForm.Item>
      <ProFormTextArea
        name="msgAbstract"
        label="摘要"
        placeholder="列表中显示的简短说明（可选）"
        fieldProps={{ maxLength: 500, showCount: true, rows: 2 }}
      />
      <ProFormRadio.Group
        name="msgCategory"
        label="消息类型"
        options={[
          { label: '通知', value: '1' },
          { label: '系统消息', value: '2' },
        ]}
      />
      <ProFormRadio.Group
        name="priority"
        label="优先级"
        radioType="button"
        options={[
          { label: '一般消息', value: 'L' },
          { label: '重要消息', value: 'M' },
          { label: '紧急消息', value: 'H' },
        ]}
      />
      <ProFormRadio.Group
        name="audience"
        label="通告对象"
        options={[
          { label: '全体用户', value: 'ALL' },
          { label: '指定用户', value: 'USER' },
          { label: '指定部门', value: 'DEPART' },
        ]}
      />
      <ProFormDependency name={['audience']}>
        {({ audience }) =>
          audience === 'USER' ? (
            <ProForm.Item name="userIds" label="指定用户" rules={[{ required: true, message: '请至少选择一个用户' }]}>
              <AnnouncementUserSelect />
            </ProForm.Item>
          ) : audience === 'DEPART' ? (
            <ProForm.Item name="departIds" label="指定部门" rules={[{ required: true, message: '请至少选择一个部门' }]}>
              <DepartTreeSelect multiple treeCheckable={false} placeholder="请选择部门（部门成员都会收到）" />
            </ProForm.Item>
          ) : (
            <ProFormSwitch
              name="isPublic"
              label="公开到门户"
              tooltip="发布后在门户首页“资讯 › 公告通知”中向访客展示"
              fieldProps={{ checkedChildren: '公开', unCheckedChildren: '不公开' }}
            />
          )
        }
      </ProFormDependency>
      <ProFormDateTimePicker name="startTime" label="开始时间" placeholder="不填则发布即生效" />
      <ProFormDateTimePicker
        name="endTime"
        label="结束时间"
        placeholder="不填则长期有效"
        dependencies={['startTime']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, end) => {
              const start = getFieldValue('startTime');
              if (start && end && !dayjs(end).isAfter(dayjs(start))) throw new Error('结束时间必须晚于开始时间');
            },
          }),
        ]}
      />
      <ProFormRadio.Group
        name="openType"
        label="打开方式"
        options={[
          { label: '弹窗查看', value: 'none' },
          { label: '链接（去处理）', value: 'url' },
          { label: '打开页面', value: 'component' },
        ]}
      />
      <ProFormDependency name={['openType']}>
        {({ openType }) =>
          openType !== 'none' && (
            <ProFormText
              name="openPage"
              label="目标页面"
              placeholder="本站路径，如 /bell"
              rules={[{ required: true, message: '请填写打开页面' }, zodRule(field.openPage)]}
            />
          )
        }
      </ProFormDependency>
    </DrawerForm>
  );
}
