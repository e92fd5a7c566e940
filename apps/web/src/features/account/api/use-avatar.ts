import { useMutation } from '@tanstack/react-query';
import type { AccountResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { useStoreAccount } from './use-account';

/** `PUT /api/account/avatar` (multipart `avatar`, the cropped square) and `DELETE` it. */
export function useAvatar() {
  const store = useStoreAccount();
  const upload = useMutation({
    mutationFn: (image: Blob) => {
      const form = new FormData();
      form.append('avatar', image, image.type === 'image/webp' ? 'avatar.webp' : 'avatar.png');
      return api<AccountResponse | undefined>('/api/account/avatar', { method: 'PUT', body: form });
    },
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: () => api<AccountResponse | undefined>('/api/account/avatar', { method: 'DELETE' }),
    onSuccess: store,
  });
  return { upload, remove };
}
