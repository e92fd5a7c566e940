import { Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Slider.css';
import { IconCrop, IconZoomIn } from '@tabler/icons-react';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { useAccountText } from '../account-text';
import { cropToSquare, type PixelArea } from '../lib/crop-image';
import classes from './settings.module.css';

interface ImageCropModalProps {
  /** An object URL of the chosen file; null: closed. */
  imageUrl: string | null;
  title: string;
  /** A round guide for an avatar, a square one for a logo (both are stored square). */
  shape: 'round' | 'rect';
  saving: boolean;
  onCropped: (image: Blob) => void;
  onClose: () => void;
}

/** Chooses the square part of an image to keep (drag, zoom), then draws it at 256×256. */
export function ImageCropModal({ imageUrl, title, shape, saving, onCropped, onClose }: ImageCropModalProps) {
  const t = useAccountText();
  const { t: tCommon } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [failed, setFailed] = useState(false);

  const save = async () => {
    if (!imageUrl || !area) return;
    try {
      setFailed(false);
      onCropped(await cropToSquare(imageUrl, area));
    } catch {
      setFailed(true);
    }
  };

  return (
    <Modal
      opened={imageUrl !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <Stack gap="md">
        <div className={classes.cropArea} data-testid="image-cropper">
          {imageUrl && (
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape={shape}
              showGrid={false}
              disableAutomaticStylesInjection
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_: Area, pixels: Area) => setArea(pixels)}
            />
          )}
        </div>
        <Group gap="sm" wrap="nowrap">
          <IconZoomIn size={18} aria-hidden />
          <Slider
            flex={1}
            min={1}
            max={4}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={null}
            thumbLabel={t('crop.zoom')}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('crop.hint')}
        </Text>
        {failed && (
          <Text size="sm" c="red" role="alert">
            {t('crop.failed')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tCommon('cancel')}
          </Button>
          <Button
            leftSection={<IconCrop size={18} aria-hidden />}
            loading={saving}
            disabled={!area}
            onClick={() => void save()}
          >
            {t('crop.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
