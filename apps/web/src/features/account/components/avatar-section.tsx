import type { Account } from '@switchboard/contract';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useAvatar } from '../api/use-avatar';
import { ImageUpload } from './image-upload';

/** The user's picture: chosen, cropped square in the browser, uploaded; the navbar shows it at once. */
export function AvatarSection({ account }: { account: Account }) {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('avatar.failed'));
  const { upload, remove } = useAvatar();
  return (
    <ImageUpload
      url={account.photoURL}
      name={account.displayName}
      shape="round"
      cropTitle={t('avatar.cropTitle')}
      uploading={upload.isPending}
      removing={remove.isPending}
      onUpload={(image, done) =>
        upload.mutate(image, {
          onSuccess: () => {
            done();
            notify.success(t('avatar.saved'));
          },
          onError: notify.failure,
        })
      }
      onRemove={() =>
        remove.mutate(undefined, { onSuccess: () => notify.success(t('avatar.removed')), onError: notify.failure })
      }
    />
  );
}
