import { useRef, useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger or a mouse on a canvas, handed over as a PNG. Pointer events cover touch, pen and
 * mouse alike; `touch-action: none` keeps the page from scrolling while the finger draws.
 */
export function SignaturePad({
  open,
  saving,
  onCancel,
  onSave,
}: {
  open: boolean;
  saving: boolean;
  onCancel(): void;
  onSave(png: Blob): void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) * e.currentTarget.width) / r.width,
      y: ((e.clientY - r.top) * e.currentTarget.height) / r.height,
    };
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };
  const save = () =>
    canvas.current?.toBlob((b) => {
      if (b) onSave(b);
    }, 'image/png');

  return (
    <Modal
      open={open}
      title={t('operation.workOrders.signature')}
      onCancel={onCancel}
      // The pad is wiped once it has closed, not once it has opened: a finger quicker than the opening animation
      // would otherwise lose its first strokes.
      afterOpenChange={(visible) => !visible && clear()}
      footer={
        <Space>
          <Button size="large" onClick={clear}>
            {t('operation.workOrders.clear')}
          </Button>
          <Button
            size="large"
            type="primary"
            disabled={!drawn}
            loading={saving}
            onClick={save}
            data-testid="signature-save"
          >
            {t('operation.workOrders.save')}
          </Button>
        </Space>
      }
    >
      <canvas
        ref={canvas}
        width={600}
        height={300}
        data-testid="signature-canvas"
        style={{ width: '100%', border: '1px dashed #bbb', touchAction: 'none', background: '#fff' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = point(e);
        }}
        onPointerMove={(e) => {
          if (!last.current) return;
          const ctx = e.currentTarget.getContext('2d')!;
          const p = point(e);
          ctx.lineWidth = 3;
          ctx.lineCap = 'round';
          ctx.beginPath();
          ctx.moveTo(last.current.x, last.current.y);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
          last.current = p;
          setDrawn(true);
        }}
        onPointerUp={() => (last.current = null)}
      />
    </Modal>
  );
}
