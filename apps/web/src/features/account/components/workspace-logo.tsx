import type { WorkspaceProfile } from '@switchboard/contract';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useWorkspaceLogo } from '../api/use-workspace-profile';
import { ImageUpload } from './image-upload';

/** The workspace's logo: chosen, cropped square in the browser, uploaded. */
export function WorkspaceLogo({ profile }: { profile: WorkspaceProfile }) {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('logo.failed'));
  const { upload, remove } = useWorkspaceLogo();
  return (
    <ImageUpload
      url={profile.logoURL}
      name={profile.workspace.name}
      shape="rect"
      cropTitle={t('logo.cropTitle')}
      uploading={upload.isPending}
      removing={remove.isPending}
      onUpload={(image, done) =>
        upload.mutate(image, {
          onSuccess: () => {
            done();
            notify.success(t('logo.saved'));
          },
          onError: notify.failure,
        })
      }
      onRemove={() =>
        remove.mutate(undefined, { onSuccess: () => notify.success(t('logo.removed')), onError: notify.failure })
      }
    />
  );
}
