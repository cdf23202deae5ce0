import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { COMMAND_LIMITS, type CreatedCommands, REGISTER_TYPES, type RegisterType } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { commandApi, type DebugRoute, useCommandsById } from './api.ts';
import { CommandStateTag } from './CommandStateTag.tsx';
import { ConfirmWriteDialog } from './ConfirmWriteDialog.tsx';
import { RefusedDevices } from './RefusedDevices.tsx';

/** Register values a read answered, by address: devices report either a list from the address on or a map. */
export function registerRows(address: number, result: unknown): { address: number; value: number }[] {
  const r = (result ?? {}) as { values?: unknown; registers?: unknown };
  if (Array.isArray(r.values)) return r.values.map((v, i) => ({ address: address + i, value: Number(v) }));
  if (r.registers && typeof r.registers === 'object')
    return Object.entries(r.registers as Record<string, number>)
      .map(([a, v]) => ({ address: Number(a), value: v }))
      .sort((a, b) => a.address - b.address);
  return [];
}

/** Integers separated by commas or spaces; undefined when one is not an integer. */
export function parseRegisterValues(text: string): number[] | undefined {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return undefined;
  const values = parts.map(Number);
  return values.every((v) => Number.isInteger(v)) ? values : undefined;
}

interface ReadForm {
  address: number;
  count: number;
  dataType: RegisterType;
}

/**
 * Remote debugging of one device's holding registers: read by address, count and type, and write values from
 * an address on (after typing the serial); each shows its command's state and the values answered.
 */
export function RegisterPanel({
  route,
  serial,
  allowWrite = true,
}: {
  route: DebugRoute;
  serial: string | undefined;
  allowWrite?: boolean;
}) {
  const { t } = useTranslation();
  const [readForm] = Form.useForm<ReadForm>();
  const [writeForm] = Form.useForm<{ address: number; dataType: RegisterType; values: string }>();
  const [created, setCreated] = useState<{ created: CreatedCommands; address: number }>();
  const [pendingWrite, setPendingWrite] = useState<{
    address: number;
    dataType: RegisterType;
    values: number[];
  }>();
  const [busy, setBusy] = useState(false);
  const id = created?.created.commands[0]?.id;
  const followed = useCommandsById(id ? [id] : []);
  const command = followed.data?.[0] ?? created?.created.commands[0];

  const run = async (address: number, call: () => Promise<CreatedCommands>) => {
    setBusy(true);
    try {
      setCreated({ created: await call(), address });
      setPendingWrite(undefined);
    } catch (e) {
      void errorMessage(e);
    } finally {
      setBusy(false);
    }
  };

  const rows =
    command?.kind === 'debugRead' && command.state === 'applied'
      ? registerRows(created?.address ?? 0, command.result)
      : [];

  return (
    <div data-testid="register-panel">
      <Form<ReadForm>
        form={readForm}
        layout="inline"
        initialValues={{ address: 0, count: 10, dataType: 'u16' }}
        onFinish={(v) =>
          serial &&
          void run(v.address, () =>
            commandApi.debugRead({ route, serial, address: v.address, count: v.count, dataType: v.dataType }),
          )
        }
        style={{ rowGap: 8 }}
      >
        <Form.Item name="address" label={t('commands.debug.address')} rules={[{ required: true }]}>
          <InputNumber min={0} max={65535} precision={0} data-testid="debug-address" />
        </Form.Item>
        <Form.Item name="count" label={t('commands.debug.count')} rules={[{ required: true }]}>
          <InputNumber min={1} max={COMMAND_LIMITS.maxRegisters} precision={0} data-testid="debug-count" />
        </Form.Item>
        <Form.Item name="dataType" label={t('commands.debug.type')}>
          <Select style={{ width: 100 }} options={REGISTER_TYPES.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!serial} loading={busy} data-testid="debug-read">
          {t('commands.debug.read')}
        </Button>
      </Form>
      {allowWrite && (
        <Form
          form={writeForm}
          layout="inline"
          style={{ marginTop: 12, rowGap: 8 }}
          initialValues={{ dataType: 'u16' }}
          onFinish={(v) => {
            const values = parseRegisterValues(v.values);
            if (values) setPendingWrite({ address: v.address, dataType: v.dataType, values });
          }}
        >
          <Form.Item
            name="address"
            label={t('commands.debug.address')}
            rules={[{ required: true, message: t('commands.debug.addressRequired') }]}
          >
            <InputNumber min={0} max={65535} precision={0} />
          </Form.Item>
          <Form.Item name="dataType" label={t('commands.debug.type')}>
            <Select style={{ width: 100 }} options={REGISTER_TYPES.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item
            name="values"
            label={t('commands.debug.values')}
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  const values = parseRegisterValues(v ?? '');
                  if (!values || values.length > COMMAND_LIMITS.maxRegisters)
                    throw new Error(t('commands.debug.valuesInvalid', { max: COMMAND_LIMITS.maxRegisters }));
                },
              },
            ]}
          >
            <Input style={{ width: 220 }} placeholder={t('commands.debug.valuesHint')} />
          </Form.Item>
          <Button danger htmlType="submit" disabled={!serial} loading={busy}>
            {t('commands.debug.write')}
          </Button>
        </Form>
      )}
      {created && <RefusedDevices refused={created.created.refused} />}
      {command && (
        <Space style={{ marginTop: 12 }}>
          <Typography.Text>{t(`commands.kind.${command.kind}`)}</Typography.Text>
          <CommandStateTag state={command.state} failure={command.failure} />
        </Space>
      )}
      {rows.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="address"
          pagination={false}
          dataSource={rows}
          data-testid="debug-registers"
          columns={[
            { title: t('commands.debug.address'), dataIndex: 'address' },
            { title: t('commands.debug.value'), dataIndex: 'value' },
            {
              title: t('commands.debug.hex'),
              dataIndex: 'value',
              key: 'hex',
              render: (v: number) => `0x${(v >>> 0).toString(16).toUpperCase().padStart(4, '0')}`,
            },
          ]}
        />
      )}
      <ConfirmWriteDialog
        open={pendingWrite !== undefined}
        serials={serial ? [serial] : []}
        busy={busy}
        summary={
          pendingWrite
            ? [
                t('commands.debug.writeSummary', {
                  address: pendingWrite.address,
                  type: pendingWrite.dataType,
                  values: pendingWrite.values.join(', '),
                }),
              ]
            : []
        }
        onConfirm={(confirm) =>
          serial &&
          pendingWrite &&
          void run(pendingWrite.address, () =>
            commandApi.debugWrite({ route, serial, ...pendingWrite, confirm }),
          )
        }
        onCancel={() => setPendingWrite(undefined)}
      />
    </div>
  );
}
