import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Spin, Tag, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, emailSchema, nameSchema, phoneSchema } from '@solarops/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useUserStore } from '../../../store/userStore.ts';
import { type ProfileChanges, updateProfile, uploadAvatar, useUserInfo } from '../profile-shared/api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { pathOf } from '../../../router/paths.ts';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** `/profile/index`: the personal centre, to view and edit one's own information and avatar. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const setInfo = useUserStore((s) => s.setInfo);
  const { data: info, isLoading } = useUserInfo();
  const [form] = Form.useForm<ProfileChanges>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (info)
      form.setFieldsValue({
        name: info.name,
        email: info.email ?? '',
        phone: info.phone ?? '',
        introduction: info.introduction ?? '',
      });
  }, [info, form]);

  if (isLoading || !info)
    return (
      <div className="app-loading">
        <Spin />
      </div>
    );

  const save = async (values: ProfileChanges) => {
    setSaving(true);
    setError(null);
    try {
      // Only changed fields are sent: empty optional fields would fail the contract's email/phone rules.
      const changes = Object.fromEntries(
        Object.entries(values).filter(
          ([k, v]) => v !== '' && v !== (info as unknown as Record<string, unknown>)[k],
        ),
      ) as ProfileChanges;
      const updated = await updateProfile(changes);
      setInfo(updated);
      queryClient.setQueryData(['user', 'info'], updated);
      void message.success(t('profile.saved'));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const beforeUpload = async (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) void message.error(t('profile.avatarType'));
    else if (file.size > AVATAR_MAX_BYTES) void message.error(t('profile.avatarSize'));
    else {
      try {
        const { avatar } = await uploadAvatar(file);
        const updated = { ...info, avatar };
        setInfo(updated);
        queryClient.setQueryData(['user', 'info'], updated);
        void message.success(t('profile.avatarSaved'));
      } catch (e) {
        void message.error(errorMessage(e));
      }
    }
    // The upload is done here through the request client (token refresh included), not by the Upload control.
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="app-container profile-page" data-testid="profile-page">
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={8}>
          <Card title={t('profile.about')}>
            <div className="profile-avatar">
              <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload}>
                <button
                  type="button"
                  className="profile-avatar-button"
                  aria-label={t('profile.changeAvatar')}
                  data-testid="avatar-upload"
                >
                  <Avatar size={96} src={info.avatar || undefined} icon={<UserOutlined />} />
                  <span className="profile-avatar-overlay">
                    <CameraOutlined />
                  </span>
                </button>
              </Upload>
              <div className="profile-name" data-testid="profile-name">
                {info.name}
              </div>
              <Tag color="blue">{info.roleName}</Tag>
            </div>
            <Descriptions column={1} size="small" className="profile-descriptions">
              <Descriptions.Item label={t('profile.userCode')}>{info.userCode}</Descriptions.Item>
              <Descriptions.Item label={t('profile.email')}>{info.email || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('profile.phone')}>{info.phone || '-'}</Descriptions.Item>
              {info.dealercode && (
                <Descriptions.Item label={t('profile.dealercode')}>{info.dealercode}</Descriptions.Item>
              )}
            </Descriptions>
            <Button
              block
              onClick={() => void navigate(pathOf('changePwd'))}
              data-testid="profile-change-password"
            >
              {t('profile.changePassword')}
            </Button>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('profile.edit')}>
            {error && <Alert type="error" showIcon title={error} className="auth-alert" />}
            <Form<ProfileChanges>
              form={form}
              layout="vertical"
              onFinish={(v) => void save(v)}
              className="profile-form"
            >
              <Form.Item
                name="name"
                label={t('profile.name')}
                rules={[zodRule(nameSchema, t, 'validation.name')]}
              >
                <Input data-testid="profile-input-name" />
              </Form.Item>
              <Form.Item
                name="email"
                label={t('profile.email')}
                rules={[zodRule(emailSchema, t, 'validation.email', { allowEmpty: true })]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('profile.phone')}
                rules={[zodRule(phoneSchema, t, 'validation.phone', { allowEmpty: true })]}
              >
                <Input />
              </Form.Item>
              <Form.Item name="introduction" label={t('profile.introduction')}>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                {t('profile.save')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
