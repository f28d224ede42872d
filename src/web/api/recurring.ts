import type { CalendarFeedStatus, Forecast, MonthAhead, Notification, NotificationSettings, NotificationSettingsRequest, Occurrence, RecurringItem, Suggestion } from '../../contract/recurring';
import type { RecurringBody } from '../../../machines/recurringForm';
import type { NotificationList } from '../../../machines/notificationCentre';
import type { ApiCall } from './client';

/** /recurring (bills, suggestions, the month ahead, the forecast) and /notifications (the bell). */
export function recurringApi(call: ApiCall) {
  return {
    monthAhead: (from: string, signal?: AbortSignal) => call<MonthAhead>('/recurring/month-ahead', { query: { from }, defaultMessage: 'Failed to load your bills', signal }),
    forecast: (from: string, signal?: AbortSignal) => call<Forecast>('/recurring/forecast', { query: { from }, defaultMessage: 'Failed to load your bills', signal }),
    suggestions: (from: string, signal?: AbortSignal) => call<{ suggestions: Suggestion[] }>('/recurring/suggestions', { query: { from }, defaultMessage: 'Failed to find recurring charges', signal }),
    confirm: (key: string, from: string) => call<RecurringItem>('/recurring/suggestions/confirm', { method: 'POST', query: { from }, body: { key }, defaultMessage: 'Failed to add the bill' }),
    dismiss: (key: string) => call<unknown>('/recurring/suggestions/dismiss', { method: 'POST', body: { key }, defaultMessage: 'Failed to dismiss the suggestion' }),
    items: (from: string, signal?: AbortSignal) => call<{ items: RecurringItem[] }>('/recurring', { query: { from }, defaultMessage: 'Failed to load your bills', signal }),
    saveItem: (id: string | null, body: RecurringBody) =>
      id === null
        ? call<RecurringItem>('/recurring', { method: 'POST', body, defaultMessage: 'Failed to save the recurring item' })
        : call<RecurringItem>(`/recurring/${encodeURIComponent(id)}`, { method: 'PATCH', body, defaultMessage: 'Failed to save the recurring item' }),
    setOccurrence: (id: string, date: string, status: 'skipped' | 'upcoming') =>
      call<Occurrence>(`/recurring/${encodeURIComponent(id)}/occurrences/${date}`, { method: 'PUT', body: { status }, defaultMessage: 'Failed to change the occurrence' }),
    reminderSettings: () => call<NotificationSettings>('/notifications/settings', { defaultMessage: 'Failed to load your reminder settings' }),
    saveReminderSettings: (body: NotificationSettingsRequest) => call<NotificationSettings>('/notifications/settings', { method: 'PATCH', body, defaultMessage: 'Failed to save your reminder settings' }),
    calendarFeed: () => call<CalendarFeedStatus>('/calendar/feed', { defaultMessage: 'Failed to read your calendar feed', silent: true }),
    newCalendarFeed: () => call<CalendarFeedStatus>('/calendar/feed', { method: 'POST', defaultMessage: 'Failed to make a calendar feed' }),
    revokeCalendarFeed: () => call<CalendarFeedStatus>('/calendar/feed', { method: 'DELETE', defaultMessage: 'Failed to revoke the calendar feed' }),
    notifications: (signal?: AbortSignal) => call<NotificationList>('/notifications', { defaultMessage: 'Failed to load notifications', signal }),
    readNotification: (id: string) => call<Notification>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', defaultMessage: 'Failed to open the notification' }),
    readAllNotifications: () => call<NotificationList>('/notifications/read-all', { method: 'POST', defaultMessage: 'Failed to mark notifications read' }),
    dismissNotification: (id: string) => call<unknown>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', defaultMessage: 'Failed to dismiss the notification' }),
  };
}
export type RecurringApi = ReturnType<typeof recurringApi>;
