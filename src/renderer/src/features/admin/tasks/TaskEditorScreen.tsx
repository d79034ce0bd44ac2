/**
 * The scheduled task editor at /editor/scheduledTask/:id ('new' for a new
 * task), over the tasks list: the shared VerticalTabsDialog
 * with General (name required, description, enabled), Schedule (the shared
 * ScheduleEditor, every repeat type), Actions and Targets; Create or Save
 * with `admin.tasks.save`; the tabs with errors highlighted for 5 s after a failed
 * submit and unsaved changes asked on close (the dialog's own). A new task
 * starts as §9.4's default (enabled, MONTHLY, 09:00). Closing goes back to
 * the list, which reads the tasks again.
 */
import { Callout, Dialog, DialogBody, InputGroup, Intent, Spinner, Switch } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { ScheduledTask } from '../../../../../shared/model/admin';
import { TASK_LIMITS } from '../../../../../shared/rules/admin/scheduled-task';
import { useQuery } from '../../../core/data/use-query';
import { navigate, SYSTEM_DASHBOARD_ROUTE } from '../../../core/router';
import { presentError, toastSuccess } from '../../../core/toaster';
import { EditorHomeLogo } from '../../../components/EditorHomeLogo';
import { Field } from '../../../components/form/Field';
import { errorUnder } from '../../../components/form/form-state';
import { useZodForm } from '../../../components/form/use-zod-form';
import { VerticalTabsDialog, type DialogTab } from '../../../components/form/VerticalTabsDialog';
import { ScheduleEditor } from '../../../components/inputs/ScheduleEditor';
import { TextArea } from '../../../components/inputs/TextArea';
import { saveTask } from '../client';
import { formOfTask, newTaskForm, payloadOfForm, TASK_TABS, taskFormSchema, type TaskForm } from './task-form';
import { TaskActionsTab } from './TaskActionsTab';
import { TaskTargetsTab } from './TaskTargetsTab';
import { TasksScreen } from './TasksScreen';

const LIST_ROUTE = '/administration/tasks';
const close = () => navigate(LIST_ROUTE);

/** The route's id: 'new', or a task's id (anything else is not a task). */
function parseId(id: string): number | 'new' | null {
  if (id === 'new') return 'new';
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

export function TaskEditorScreen({ id }: { id: string }) {
  const taskId = parseId(id);
  const loaded = useQuery('admin.tasks.get', typeof taskId === 'number' ? { id: taskId } : null, (error) => presentError(error, { key: 'task-load' }));
  let message = null;
  if (taskId === null) {
    message = (
      <Callout intent={Intent.WARNING} icon="warning-sign">
        '{id}' is not a scheduled task.
      </Callout>
    );
  } else if (taskId !== 'new' && !loaded.data) {
    message = loaded.error ? (
      <Callout intent={Intent.DANGER} icon="error">
        The scheduled task could not be loaded: {loaded.error.message}
      </Callout>
    ) : (
      <Spinner className="task-editor-loading" aria-label="Loading the scheduled task" />
    );
  }
  return (
    <>
      <TasksScreen />
      {message ? (
        <Dialog isOpen title="Scheduled task" icon={<EditorHomeLogo onFollow={() => navigate(SYSTEM_DASHBOARD_ROUTE)} />} onClose={close}>
          <DialogBody>{message}</DialogBody>
        </Dialog>
      ) : (
        <TaskEditor key={loaded.data?.id ?? 'new'} task={taskId === 'new' ? null : (loaded.data ?? null)} />
      )}
    </>
  );
}

function TaskEditor({ task }: { task: ScheduledTask | null }) {
  const [initial] = useState<TaskForm>(() => (task ? formOfTask(task) : newTaskForm(new Date())));
  const scripts = useQuery('admin.tasks.scripts', {});
  const loadedStartDate = task ? initial.schedule.startDate : null;
  const schema = useMemo(() => taskFormSchema({ scripts: scripts.data ?? [], loadedStartDate }), [scripts.data, loadedStartDate]);
  const form = useZodForm(schema, initial, 'task');
  const values = form.values as TaskForm;
  // GET /webapp/winservice only once a Windows service action is there (§7); its failure is said in the form (§8).
  const wantsServices = values.actions.some((a) => a.type === 'WINDOWS_SERVICE');
  const services = useQuery('admin.tasks.windowsServices', wantsServices ? {} : null);
  const lists = useMemo(
    () => ({
      scripts: { items: scripts.data ?? [], loading: scripts.loading, failed: scripts.error && !scripts.data ? scripts.error.message : null },
      services: { items: services.data ?? [], loading: services.loading, failed: Boolean(services.error) && !services.loading },
    }),
    [scripts.data, scripts.loading, scripts.error, services.data, services.loading, services.error],
  );
  const errorOf = (path: string) => form.errors[path] ?? null;

  const save = async (parsed: TaskForm) => {
    try {
      const saved = await saveTask(payloadOfForm(parsed, task?.id));
      toastSuccess(`Scheduled task '${saved.name}' saved`, 'task-save');
    } catch (error) {
      // The dialog stays open with what was typed; the server's reason (a refused field) is shown.
      presentError(error, { key: 'task-save' });
      throw error;
    }
  };

  const tabs: DialogTab[] = [
    {
      id: 'general',
      title: TASK_TABS.general,
      fields: ['name', 'description', 'enabled'],
      panel: (
        <>
          <Field label="Name" binding={form.field('name')} required>
            {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={TASK_LIMITS.name} intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
          </Field>
          <TextArea id="task-description" label="Description" value={values.description} maxLength={TASK_LIMITS.description} onChange={(v) => form.set('description', v)} error={form.errors.description} />
          <Switch label="Enabled" checked={values.enabled} onChange={(event) => form.set('enabled', event.currentTarget.checked)} />
        </>
      ),
    },
    {
      id: 'schedule',
      title: TASK_TABS.schedule,
      fields: ['schedule'],
      panel: (
        <ScheduleEditor
          idPrefix="task-schedule"
          value={values.schedule}
          onChange={(schedule) => form.set('schedule', schedule)}
          showErrors={form.submitted}
          loadedStartDate={task ? loadedStartDate : undefined}
        />
      ),
    },
    {
      id: 'actions',
      title: TASK_TABS.actions,
      fields: ['actions'],
      panel: <TaskActionsTab actions={values.actions} onChange={(actions) => form.set('actions', actions)} errorOf={errorOf} showErrors={form.submitted} lists={lists} otherActionTypes={task?.otherActionTypes} />,
    },
    {
      id: 'targets',
      title: TASK_TABS.targets,
      fields: ['targets'],
      panel: <TaskTargetsTab targets={values.targets} onChange={(targets) => form.set('targets', targets)} error={errorUnder(form.errors, 'targets')} />,
    },
  ];

  return (
    <VerticalTabsDialog
      title={task ? 'Edit scheduled task' : 'New scheduled task'}
      isOpen
      size="wide"
      mode={task ? 'edit' : 'add'}
      tabs={tabs}
      form={form}
      onSave={save}
      onClose={close}
      // An editor page (/editor/scheduledTask/…): the system dashboard logo in its header (§2.1).
      editorPage
    />
  );
}
