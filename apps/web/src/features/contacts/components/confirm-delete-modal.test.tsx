import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDeleteModal } from './confirm-delete-modal';

describe('ConfirmDeleteModal', () => {
  it('says what deleting means, then confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDeleteModal
        opened
        title="Delete “VIP”?"
        text="Its 3 contacts stay in the book."
        confirmLabel="Delete list"
        pending={false}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete “VIP”?' });
    expect(dialog.textContent).toContain('Its 3 contacts stay in the book.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
