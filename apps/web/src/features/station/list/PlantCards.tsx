import { Card, Col, Row, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { PlantRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { StatusTag } from '../station-shared/StatusTag.tsx';

/** The plant list's card view: picture, power, today's energy and status of each plant. */
export function PlantCards({ rows, onOpen }: { rows: readonly PlantRow[]; onOpen(id: number): void }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="plant-cards">
      {rows.map((p) => (
        <Col key={p.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card
            hoverable
            data-testid="plant-card"
            onClick={() => onOpen(p.id)}
            cover={
              p.picture ? (
                <img src={p.picture} alt={p.name} className="station-card-picture" />
              ) : (
                <div className="station-card-picture station-card-nopicture">
                  <PictureOutlined />
                </div>
              )
            }
          >
            <div className="station-card-head">
              <Typography.Text strong ellipsis>
                {p.name}
              </Typography.Text>
              <StatusTag status={p.status} />
            </div>
            <div className="station-card-figures">
              <div>
                <div className="station-figure-label">{t('station.plant.power')}</div>
                <div className="station-figure-value">{formatPower(p.powerW) || '0 W'}</div>
              </div>
              <div>
                <div className="station-figure-label">{t('station.plant.energyToday')}</div>
                <div className="station-figure-value">{formatEnergy(p.energyTodayKwh) || '0 kWh'}</div>
              </div>
              <div>
                <div className="station-figure-label">{t('station.plant.capacityKw')}</div>
                <div className="station-figure-value">{p.capacityKw}</div>
              </div>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
