import { useState } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { uploadPlantPicture } from '../station-shared/api.ts';

/**
 * The plant picture of the plant form: a preview and an upload button. A form control of its own (value and
 * onChange are the uploaded picture's path), because a plain wrapper element under `Form.Item` would receive the
 * file input's change event and take the browser's `C:\fakepath\…` name for the picture.
 */
export function PictureField({ value, onChange }: { value?: string; onChange?: (path: string) => void }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <div className="station-picture-field">
      {value ? (
        <img src={value} alt={t('station.plant.picture')} className="station-picture-preview" />
      ) : null}
      <Upload
        accept="image/png,image/jpeg,image/webp"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading(true);
          uploadPlantPicture(file as File)
            .then((path) => {
              onChange?.(path);
              onSuccess?.(path);
            })
            // The request module has shown the server's message.
            .catch((e: unknown) => onError?.(new Error(errorMessage(e))))
            .finally(() => setUploading(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="plant-picture">
          {t('station.form.upload')}
        </Button>
      </Upload>
    </div>
  );
}
