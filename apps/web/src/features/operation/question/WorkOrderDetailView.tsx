import { useState } from 'react';
import {
  Alert,
  Button,
  type ButtonProps,
  Descriptions,
  Flex,
  Image,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  endpointPath,
  WORK_ORDER_CALLS,
  type WorkOrderDetail,
  type WorkOrderMove,
} from '@solarops/contracts';
import { errorMessage } from '../../../api/request.ts';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import {
  useAddImage,
  useAddNote,
  useAssignees,
  useMoveWorkOrder,
  useWorkOrder,
} from '../work-order-shared/api.ts';
import { resizeImage } from './resizeImage.ts';
import { SignaturePad } from './SignaturePad.tsx';
import { PriorityTag, SlaBar, StateTag } from './tags.tsx';
import { pathOf } from '../../../router/paths.ts';

/** Moves that only make sense with a reason: the note box opens first. */
const NEEDS_NOTE: readonly WorkOrderMove[] = ['hold', 'rework', 'cancel'];
/** Resolving and closing: while the order's alarm has not recovered they ask first, with a warning. */
const TOWARDS_CLOSE: readonly WorkOrderMove[] = ['resolve', 'approve'];

/** The moves the server lists for the caller, as large buttons (assign asks whom; hold, rework, cancel why). */
function Moves({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const move = useMoveWorkOrder(order.id);
  const [asking, setAsking] = useState<WorkOrderMove | null>(null);
  const [note, setNote] = useState('');
  const [assigneeId, setAssigneeId] = useState<number>();
  const assignees = useAssignees(order.id, order.moves.includes('assign'));
  if (order.moves.length === 0) return null;
  const run = (m: WorkOrderMove) => move.mutateAsync({ move: m, note: note || undefined, assigneeId });
  return (
    <>
      <Flex wrap gap={8} className="workorder-actions" data-testid="workorder-moves">
        {order.moves.map((m) => (
          <Button
            key={m}
            size="large"
            type={m === 'cancel' ? 'default' : 'primary'}
            danger={m === 'cancel'}
            loading={move.isPending && move.variables?.move === m}
            data-testid={`move-${m}`}
            onClick={() => {
              if (
                m === 'assign' ||
                NEEDS_NOTE.includes(m) ||
                (!order.alarmRecovered && TOWARDS_CLOSE.includes(m))
              ) {
                setNote('');
                setAsking(m);
              } else void run(m);
            }}
          >
            {t(`operation.workOrders.moves.${m}`)}
          </Button>
        ))}
      </Flex>
      <Modal
        open={asking !== null}
        title={asking ? t(`operation.workOrders.moves.${asking}`) : ''}
        okText={t('operation.workOrders.confirm')}
        okButtonProps={
          {
            size: 'large',
            disabled: asking === 'assign' && !assigneeId,
            'data-testid': 'move-ok',
          } as ButtonProps
        }
        cancelButtonProps={{ size: 'large' }}
        confirmLoading={move.isPending}
        onCancel={() => setAsking(null)}
        onOk={async () => {
          await run(asking!);
          setAsking(null);
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {asking && TOWARDS_CLOSE.includes(asking) && !order.alarmRecovered && (
            <Alert
              type="warning"
              showIcon
              data-testid="alarm-unrecovered-warning"
              title={t('operation.workOrders.alarmNotRecoveredWarning')}
            />
          )}
          {asking === 'assign' && (
            <Select
              size="large"
              style={{ width: '100%' }}
              placeholder={t('operation.workOrders.assignee')}
              data-testid="assignee-select"
              value={assigneeId}
              onChange={setAssigneeId}
              loading={assignees.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(assignees.data ?? []).map((a) => ({
                value: a.id,
                label: `${a.name} (${a.userCode})`,
              }))}
            />
          )}
          <Input.TextArea
            rows={3}
            value={note}
            maxLength={2000}
            placeholder={t('operation.workOrders.note')}
            onChange={(e) => setNote(e.target.value)}
          />
        </Space>
      </Modal>
    </>
  );
}

/** Notes, photos (resized before upload) and the signature, while the caller may add them. */
function EvidenceInput({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [signing, setSigning] = useState(false);
  const addNote = useAddNote(order.id);
  const addPhoto = useAddImage(order.id, 'photos');
  const addSignature = useAddImage(order.id, 'signatures');
  if (!order.canAddEvidence) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        rows={2}
        value={text}
        maxLength={2000}
        placeholder={t('operation.workOrders.note')}
        onChange={(e) => setText(e.target.value)}
        data-testid="note-input"
      />
      <Flex wrap gap={8} className="workorder-actions">
        <Button
          size="large"
          disabled={!text.trim()}
          loading={addNote.isPending}
          data-testid="note-add"
          onClick={async () => {
            await addNote.mutateAsync(text.trim());
            setText('');
          }}
        >
          {t('operation.workOrders.addNote')}
        </Button>
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void resizeImage(file).then((small) => addPhoto.mutateAsync(small));
            return false;
          }}
        >
          <Button size="large" loading={addPhoto.isPending} data-testid="photo-add">
            {t('operation.workOrders.addPhoto')}
          </Button>
        </Upload>
        <Button size="large" onClick={() => setSigning(true)} data-testid="signature-open">
          {t('operation.workOrders.sign')}
        </Button>
      </Flex>
      <SignaturePad
        open={signing}
        saving={addSignature.isPending}
        onCancel={() => setSigning(false)}
        onSave={async (png) => {
          await addSignature.mutateAsync(png);
          setSigning(false);
        }}
      />
    </Space>
  );
}

/** One work order: what it is about, where its SLA stands, its moves, evidence, timeline and occurrences. */
export function WorkOrderDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: order, isLoading, error } = useWorkOrder(id);
  if (isLoading) return <Skeleton active />;
  if (error || !order) return <Alert type="error" showIcon title={errorMessage(error)} />;
  const moveName = (m: string) =>
    m === 'create' ? t('operation.workOrders.created') : t(`operation.workOrders.moves.${m}`);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="workorder-detail">
      <Flex wrap gap={8}>
        <Button onClick={() => void navigate(pathOf('question'))}>
          {t('operation.workOrders.backToList')}
        </Button>
        <ExportButton
          path={endpointPath(WORK_ORDER_CALLS.serviceReport, { id: order.id })}
          fileName={t('operation.workOrders.reportFile', { id: order.id })}
          label={t('operation.workOrders.report')}
          icon={<FilePdfOutlined />}
          testId="workorder-report"
        />
      </Flex>
      <Space wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          #{order.id} {order.description}
        </Typography.Title>
        <StateTag state={order.state} />
        <PriorityTag priority={order.priority} />
        <Tag color={order.alarmRecovered ? 'green' : 'red'} data-testid="alarm-state">
          {t(
            order.alarmRecovered ? 'operation.workOrders.alarmRecovered' : 'operation.workOrders.alarmActive',
          )}
        </Tag>
      </Space>
      <SlaBar sla={order.sla} />
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('operation.alarms.plant')}>{order.plantName}</Descriptions.Item>
        <Descriptions.Item label={t('operation.alarms.deviceSn')}>
          {order.deviceSerial ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('operation.alarms.code')}>#{order.code}</Descriptions.Item>
        <Descriptions.Item label={t('operation.workOrders.assignee')}>
          <span data-testid="workorder-assignee">{order.assigneeName ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('operation.workOrders.occurrencesLabel')}>
          {order.occurrences}
        </Descriptions.Item>
        <Descriptions.Item label={t('operation.workOrders.createdAt')}>
          {formatZoned(order.createdAt, order.timeZone)}
        </Descriptions.Item>
      </Descriptions>
      <Moves order={order} />
      <EvidenceInput order={order} />
      {order.evidence.length > 0 && (
        <div className="workorder-photos" data-testid="workorder-evidence">
          <Typography.Title level={5}>{t('operation.workOrders.evidence')}</Typography.Title>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {order.evidence.map((e) => (
              <div key={e.id}>
                <Typography.Text type="secondary">
                  {t(`operation.workOrders.evidenceKinds.${e.kind}`)} · {e.author} ·{' '}
                  <ZonedTime at={e.at} timeZone={order.timeZone} />
                </Typography.Text>
                {e.picture ? <Image src={e.picture} alt={e.kind} /> : <div>{e.text}</div>}
              </div>
            ))}
          </Space>
        </div>
      )}
      <Typography.Title level={5}>{t('operation.workOrders.timeline')}</Typography.Title>
      <Timeline
        data-testid="workorder-timeline"
        items={order.events.map((e) => ({
          key: e.id,
          children: (
            <>
              <Typography.Text strong>{moveName(e.move)}</Typography.Text> ·{' '}
              {e.actor || t('operation.workOrders.rule')} · <ZonedTime at={e.at} timeZone={order.timeZone} />
              {e.note && <div>{e.note}</div>}
            </>
          ),
        }))}
      />
      <Typography.Title level={5}>{t('operation.workOrders.occurrencesLabel')}</Typography.Title>
      <Timeline
        items={order.occurrenceList.slice(0, 30).map((o) => ({
          key: o.alarmId,
          color: o.recoveredAt ? 'green' : 'red',
          children: (
            <>
              <ZonedTime at={o.occurredAt} timeZone={order.timeZone} /> →{' '}
              {o.recoveredAt ? (
                <ZonedTime at={o.recoveredAt} timeZone={order.timeZone} />
              ) : (
                t('operation.workOrders.alarmActive')
              )}
            </>
          ),
        }))}
      />
    </Space>
  );
}

/** A time with its zone kept on one line: on a phone "UTC+8" wrapped alone onto the next line. */
function ZonedTime({ at, timeZone }: { at: string; timeZone: string }) {
  return (
    <span className="zoned-time" style={{ whiteSpace: 'nowrap' }}>
      {formatZoned(at, timeZone)}
    </span>
  );
}
