import { useEffect, useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import {
  majorToMinor,
  minorToMajor,
  PLANT_TYPES,
  plantInput,
  type PlantInput,
  type PlantRow,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/zodRule.ts';
import { WorldMap } from '../../../components/WorldMap.tsx';
import { usePlantMutations } from '../station-shared/api.ts';
import { PictureField } from './PictureField.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';

/** Currencies offered for the electricity price (ISO 4217); prices are kept in the smallest unit. */
const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'JPY', 'AUD', 'INR', 'BRL', 'ZAR'] as const;

interface FormValues {
  name: string;
  ownerUserCode: string;
  address: string;
  timeZone: string;
  picture: string;
  /** In currency units per kWh; the request carries the smallest unit. */
  price: number;
  currency: string;
  capacityKw: number;
  latitude: number;
  longitude: number;
  type: PlantRow['type'];
  buildDate: Dayjs;
}

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Asia/Shanghai'];
  }
};

/** Create or edit a plant with every field spec §5 requires; the contract validates each field as it is typed. */
export function PlantFormDialog({
  open,
  plant,
  onClose,
}: {
  open: boolean;
  /** The plant being edited; undefined to create one. */
  plant?: PlantRow;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<FormValues>();
  const { save } = usePlantMutations();
  const timeZones = useMemo(() => zones().map((z) => ({ value: z, label: z })), []);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const shape = plantInput.shape;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (plant) {
      form.setFieldsValue({
        name: plant.name,
        ownerUserCode: plant.ownerUserCode,
        address: plant.address,
        timeZone: plant.timeZone,
        picture: plant.picture ?? '',
        price: minorToMajor(plant.priceMinorPerKwh, plant.currency),
        currency: plant.currency,
        capacityKw: plant.capacityKw,
        latitude: plant.latitude,
        longitude: plant.longitude,
        type: plant.type,
        buildDate: dayjs(plant.buildDate),
      });
    } else {
      form.setFieldsValue({
        currency: 'CNY',
        timeZone: 'Asia/Shanghai',
        type: 'residential',
        buildDate: dayjs(),
      });
    }
  }, [open, plant, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const input: PlantInput = {
      name: v.name,
      ownerUserCode: v.ownerUserCode,
      address: v.address ?? '',
      timeZone: v.timeZone,
      picture: v.picture,
      priceMinorPerKwh: majorToMinor(v.price, v.currency),
      currency: v.currency,
      capacityKw: v.capacityKw,
      latitude: v.latitude,
      longitude: v.longitude,
      type: v.type,
      buildDate: v.buildDate.format('YYYY-MM-DD'),
    };
    try {
      await save.mutateAsync({ id: plant?.id, input });
      void message.success(t('common.operationSucceeded'));
      onClose(true);
    } catch (e) {
      // The request module has shown the message; field errors go next to their fields.
      const fields = (e as { fieldErrors?: { field: string; message: string }[] }).fieldErrors ?? [];
      form.setFields(fields.map((f) => ({ name: f.field as keyof FormValues, errors: [f.message] })));
    }
  };

  const required = { required: true, message: t('station.form.required') };
  return (
    <Modal
      open={open}
      width={820}
      title={t(plant ? 'station.form.editTitle' : 'station.form.createTitle')}
      okText={t('station.form.save')}
      cancelText={t('station.form.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
      // The save button stays on screen at 1440×900 and below: the dialog is centred and its form scrolls.
      centered
      styles={{ body: { maxHeight: 'calc(100vh - 160px)', overflowY: 'auto', overflowX: 'hidden' } }}
      data-testid="plant-form"
    >
      <Form form={form} name="plant" layout="vertical" requiredMark>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('station.plant.name')}
              rules={[required, zodRule(shape.name, t, 'station.form.nameRule')]}
            >
              <Input data-testid="plant-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ownerUserCode" label={t('station.plant.owner')} rules={[required]}>
              <Input data-testid="plant-owner" placeholder={t('station.form.ownerHint')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="type" label={t('station.plant.type')} rules={[required]}>
              <Select options={PLANT_TYPES.map((k) => ({ value: k, label: t(`station.type.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="capacityKw" label={t('station.plant.capacityKw')} rules={[required]}>
              <InputNumber min={0.001} step={0.5} style={{ width: '100%' }} data-testid="plant-capacity" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="price" label={t('station.plant.price')} rules={[required]}>
              <InputNumber
                min={0}
                max={100}
                step={0.01}
                style={{ width: '100%' }}
                data-testid="plant-price"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="currency" label={t('station.plant.unit')} rules={[required]}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="timeZone" label={t('station.plant.timeZone')} rules={[required]}>
              <Select showSearch options={timeZones} data-testid="plant-zone" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="buildDate" label={t('station.plant.buildDate')} rules={[required]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('station.plant.address')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="latitude" label={t('station.plant.latitude')} rules={[required]}>
              <InputNumber
                min={-90}
                max={90}
                step={0.0001}
                style={{ width: '100%' }}
                data-testid="plant-lat"
              />
            </Form.Item>
            <Form.Item name="longitude" label={t('station.plant.longitude')} rules={[required]}>
              <InputNumber
                min={-180}
                max={180}
                step={0.0001}
                style={{ width: '100%' }}
                data-testid="plant-lng"
              />
            </Form.Item>
            <Form.Item
              name="picture"
              label={t('station.plant.picture')}
              rules={[{ required: true, message: t('station.form.pictureRequired') }]}
            >
              <PictureField />
            </Form.Item>
          </Col>
          <Col span={12}>
            <div className="station-map-label">{t('station.form.mapHint')}</div>
            <WorldMap
              latitude={latitude}
              longitude={longitude}
              onPick={(lat, lng) => form.setFieldsValue({ latitude: lat, longitude: lng })}
            />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
