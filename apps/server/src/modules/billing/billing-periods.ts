import type { PlanId, Workspace } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { audit, type BillingContext } from './billing-context.js';
import { billingStateOf } from './billing-quotes.js';
import { periodEndOf } from './pricing.js';

const DAY_MS = 86_400_000;
/** Reminders before the period ends, in days, latest first (a 7-day one is skipped once the 1-day one is due). */
const REMINDER_DAYS = [1, 7] as const;
/**
 * A checkout still pending after this is abandoned: Stripe's sessions expire within a day and
 * PayPal's approved orders within three, so no payment can complete it any more.
 */
const ABANDONED_AFTER_MS = 3 * DAY_MS;

const planName = (planId: PlanId) => planId.charAt(0).toUpperCase() + planId.slice(1);

/**
 * The period-end job (every minute, on one instance at a time): a period that has ended gives
 * way to the next period already paid, or the workspace returns to starter; then the reminder
 * mails 7 days and 1 day before a period ends without a next one (once each per period); and
 * checkouts abandoned for 3 days are closed (an anonymous one's sign-up with them).
 */
export function createBillingPeriods(ctx: BillingContext) {
  const { repo, db } = ctx;

  /** One workspace's ended period(s), on its locked row; answers the workspace whose plan changed. */
  async function endPeriods(workspaceId: string, now: Date, tx: Db): Promise<Workspace | null> {
    await ctx.workspaces.lock(workspaceId, tx);
    let changed: Workspace | null = null;
    // A loop: a server that was down for months moves through every period paid meanwhile.
    for (;;) {
      const state = await billingStateOf(ctx, workspaceId, tx);
      const sub = state.subscription;
      if (!sub || sub.status === 'none' || !sub.periodEnd || sub.periodEnd > now) return changed;
      const next = state.next?.status === 'paid' ? state.next : null;
      if (next) {
        const periodEnd = periodEndOf(sub.periodEnd, next.months);
        await repo.saveSubscription(
          workspaceId,
          {
            status: 'active',
            months: next.months,
            orderId: next.id,
            periodStart: sub.periodEnd,
            periodEnd,
            nextOrderId: null,
            reminder7SentFor: null,
            reminder1SentFor: null,
          },
          tx,
        );
        changed = await ctx.workspaces.changePlanIn(workspaceId, next.planId, null, tx);
        await audit(
          ctx,
          {
            workspaceId,
            userId: null,
            change: 'period_started',
            details: { from: state.planId, to: next.planId, amountCents: next.totalCents, orderId: next.id },
          },
          tx,
        );
      } else {
        await repo.saveSubscription(
          workspaceId,
          { status: 'none', months: null, orderId: null, periodStart: null, periodEnd: null, nextOrderId: null },
          tx,
        );
        changed = await ctx.workspaces.changePlanIn(workspaceId, 'starter', null, tx);
        await audit(
          ctx,
          {
            workspaceId,
            userId: null,
            change: 'expired',
            details: { from: state.planId, to: 'starter', amountCents: null, orderId: null },
          },
          tx,
        );
        return changed;
      }
    }
  }

  async function remind(workspaceId: string, planId: PlanId, periodEnd: Date, days: number) {
    const date = periodEnd.toISOString().slice(0, 10);
    const when = days === 1 ? 'tomorrow' : `in ${days} days`;
    const text = [
      `Your Switchboard ${planName(planId)} plan ends ${when}, on ${date} (UTC).`,
      'Without a renewal the workspace returns to the Starter plan and its monthly quota.',
      '',
      `Renew or change the plan: ${ctx.publicUrl}/views/billing`,
    ].join('\n');
    const members = await ctx.users.members.list(workspaceId);
    const admins = members.filter((m) => m.role === 'admin' && m.status === 'active').map((m) => m.email);
    for (const to of admins) await ctx.mailer.send({ to, subject: `Your Switchboard plan ends ${when}`, text });
  }

  async function sendReminders(now: Date) {
    for (const sub of await repo.endingSoon(new Date(now.getTime() + 7 * DAY_MS))) {
      const periodEnd = sub.periodEnd!;
      const left = periodEnd.getTime() - now.getTime();
      if (left <= 0) continue;
      const days = REMINDER_DAYS.find((d) => left <= d * DAY_MS)!;
      // The claim comes first: a mail is sent once even if two passes overlap; a failed send is logged, not retried.
      if (!(await repo.claimReminder(sub.workspaceId, days, periodEnd))) continue;
      if (days === 1) await repo.claimReminder(sub.workspaceId, 7, periodEnd);
      const workspace = await ctx.workspaces.find(sub.workspaceId);
      if (!workspace) continue;
      await remind(sub.workspaceId, workspace.planId, periodEnd, days).catch((error: unknown) =>
        ctx.log.error({ err: error, workspaceId: sub.workspaceId }, 'a billing reminder could not be sent'),
      );
    }
  }

  return {
    /** One pass of the job (tests call it after moving the clock). */
    async runPass(): Promise<void> {
      const now = ctx.clock();
      for (const workspaceId of await repo.endedPeriods(now)) {
        const changed = await db.transaction((tx) => endPeriods(workspaceId, now, tx));
        if (changed) ctx.workspaces.announce(changed);
      }
      await sendReminders(now);
      await repo.abandonPending(
        new Date(now.getTime() - ABANDONED_AFTER_MS),
        'The checkout was not completed within 3 days.',
      );
    },
  };
}
