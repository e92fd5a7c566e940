import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { AVATAR_TYPES } from '@switchboard/contract';
import { useEffect, useState } from 'react';
import { useAccountText } from '../account-text';
import { ImageCropModal } from './image-crop-modal';

interface ImageUploadProps {
  /** The stored image; null: none yet. */
  url: string | null;
  /** Shown in the placeholder (initials) and as the image's alternative text. */
  name: string;
  shape: 'round' | 'rect';
  cropTitle: string;
  uploading: boolean;
  removing: boolean;
  onUpload: (image: Blob, done: () => void) => void;
  onRemove: () => void;
}

/** The current image with "Upload" (choose a file, crop it square) and "Remove". */
export function ImageUpload({
  url,
  name,
  shape,
  cropTitle,
  uploading,
  removing,
  onUpload,
  onRemove,
}: ImageUploadProps) {
  const t = useAccountText();
  const [chosen, setChosen] = useState<string | null>(null);
  const [wrongType, setWrongType] = useState(false);
  // The chosen file's object URL lives while the cropper shows it.
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);

  const choose = (file: File | null) => {
    if (!file) return;
    const accepted = (AVATAR_TYPES as readonly string[]).includes(file.type);
    setWrongType(!accepted);
    if (accepted) setChosen(URL.createObjectURL(file));
  };

  return (
    <Group gap="lg" align="center">
      <Avatar
        src={url}
        name={name}
        alt={name}
        size={96}
        radius={shape === 'round' ? 999 : 'md'}
        color="brand"
        variant="filled"
      />
      <Stack gap="xs">
        <Group gap="sm">
          <FileButton onChange={choose} accept={AVATAR_TYPES.join(',')}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={18} aria-hidden />} loading={uploading}>
                {t('image.upload')}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              loading={removing}
              onClick={onRemove}
            >
              {t('image.remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c={wrongType ? 'red' : 'dimmed'} role={wrongType ? 'alert' : undefined}>
          {wrongType ? t('image.wrongType') : t('image.hint')}
        </Text>
      </Stack>
      <ImageCropModal
        imageUrl={chosen}
        title={cropTitle}
        shape={shape}
        saving={uploading}
        onCropped={(image) => onUpload(image, () => setChosen(null))}
        onClose={() => setChosen(null)}
      />
    </Group>
  );
}
