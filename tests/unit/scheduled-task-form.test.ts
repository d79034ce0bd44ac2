/**
 * The scheduled task editor's form (ticketing spec §3.5, §9.4; help spec §5): the default task, the payload
 * a save sends (checked by the contract's own schema), the copy, defrag volumes, targets, and the form's errors at
 * the paths of the tabs that show them.
 */
import { describe, expect, it } from 'vitest';
import type { ScheduledTask, Script } from '../../src/shared/model/admin';
import { scheduledTaskPayloadSchema, TASK_LIMITS } from '../../src/shared/rules/admin/scheduled-task';
import { fieldErrors, tabsWithErrors } from '../../src/renderer/src/components/form/form-state';
import { addVolume, copyName, copyPayload, formOfTask, newAction, newTaskForm, normalVolumeName, payloadOfForm, taskFormSchema, withTargets, type TaskForm } from '../../src/renderer/src/features/admin/tasks/task-form';

const now = new Date(2026, 10, 27, 8, 40);
const script: Script = {
  id: 4,
  uid: 'u4',
  name: 'Ping a host',
  description: '',
  language: 'PowerShell',
  operatingSystems: ['WINDOWS'],
  deviceType: 'WINDOWS_WORKSTATION',
  variables: [
    { name: 'Count', calculatedName: 'count', type: 'INTEGER', description: '', required: true, valueList: [], defaultValue: null },
    { name: 'Host', calculatedName: 'host', type: 'IPADDRESS', description: '', required: false, valueList: [], defaultValue: null },
  ],
};
const tabs = [
  { id: 'general', fields: ['name', 'description', 'enabled'] },
  { id: 'schedule', fields: ['schedule'] },
  { id: 'actions', fields: ['actions'] },
  { id: 'targets', fields: ['targets'] },
];
const schema = taskFormSchema({ scripts: [script], loadedStartDate: null, now: () => now });
const valid = (): TaskForm => ({
  ...newTaskForm(now),
  name: 'Ping',
  actions: [{ type: 'SCRIPT', scriptId: 4, scriptName: 'Ping a host', runAs: 'SYSTEM', scriptParam: '', variables: { count: '3', host: '10.0.0.1' } }],
  targets: [{ targetType: 'GROUP', targetId: 2, name: 'Critical Servers' }],
});

describe('the new task (§9.4)', () => {
  it('is enabled, MONTHLY, at 09:00, starting today when 09:00 is still ahead', () => {
    const form = newTaskForm(now);
    expect(form).toMatchObject({ enabled: true, name: '', actions: [], targets: [] });
    expect(form.schedule).toMatchObject({ repeats: 'MONTHLY', runAtHour: 9, runAtMinute: 0, dayOfMonth: 1 });
    expect(form.schedule.startDate).toBe(new Date(2026, 10, 27).getTime());
    expect(newTaskForm(new Date(2026, 10, 27, 9, 1)).schedule.startDate).toBe(new Date(2026, 10, 28).getTime());
  });
});

describe('the payload', () => {
  it('is what the contract accepts: no id to create, the id to update', () => {
    const payload = payloadOfForm(valid());
    expect(payload).not.toHaveProperty('id');
    expect(scheduledTaskPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payloadOfForm(valid(), 7).id).toBe(7);
  });

  it('saves EVERY as HOURLY with its hours (§4) and drops fields the strict payload refuses', () => {
    const form = valid();
    const schedule = { ...form.schedule, repeats: 'EVERY', scheduleInterval: 6, extra: 'kept by the tolerant reader' };
    const payload = payloadOfForm({ ...form, schedule });
    expect(payload.schedule).toMatchObject({ repeats: 'HOURLY', scheduleInterval: 6, repeatsEveryCount: 6 });
    expect(payload.schedule).not.toHaveProperty('extra');
    expect(scheduledTaskPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('a saved task reads back into the same form', () => {
    const task: ScheduledTask = { id: 3, ...payloadOfForm(valid()), runsOnNodeScheduledTask: false, nextRun: null } as ScheduledTask;
    expect(payloadOfForm(formOfTask(task), 3)).toEqual(payloadOfForm(valid(), 3));
  });
});

describe('the copy', () => {
  it("is the task without its id, named 'Copy of …' within the limit", () => {
    const task = { id: 3, ...payloadOfForm(valid()), runsOnNodeScheduledTask: false, nextRun: 1 } as ScheduledTask;
    const payload = copyPayload(task);
    expect(payload).not.toHaveProperty('id');
    expect(payload.name).toBe('Copy of Ping');
    expect(payload.actions).toEqual(task.actions);
    expect(copyName('x'.repeat(TASK_LIMITS.name))).toHaveLength(TASK_LIMITS.name);
  });
});

describe('defrag volumes and targets', () => {
  it("a letter becomes 'X:'; duplicates and empty names are refused", () => {
    expect(normalVolumeName(' d ')).toBe('D:');
    expect(normalVolumeName('e:')).toBe('E:');
    expect(normalVolumeName('/mnt/data')).toBe('/mnt/data');
    expect(addVolume([{ volumeName: 'C:', checkList: 'INCLUDE' }], 'd')).toEqual({ volumes: [{ volumeName: 'C:', checkList: 'INCLUDE' }, { volumeName: 'D:', checkList: 'INCLUDE' }] });
    expect(addVolume([{ volumeName: 'C:', checkList: 'INCLUDE' }], 'c')).toEqual({ problem: 'This volume is already listed' });
    expect(addVolume([], '  ')).toEqual({ problem: 'Required' });
  });

  it('targets are added once each, a group and a device with the same id both kept', () => {
    const group = { targetType: 'GROUP', targetId: 2, name: 'G' };
    const node = { targetType: 'NODE', targetId: 2, name: 'N' };
    expect(withTargets([group], [group, node])).toEqual([group, node]);
  });
});

describe("the form's errors, by tab", () => {
  it('a valid form has none', () => {
    expect(fieldErrors(schema, valid())).toEqual({});
  });

  it('each problem marks the tab that shows it', () => {
    const form = valid();
    const broken: TaskForm = {
      ...form,
      name: ' ',
      schedule: { ...form.schedule, startDate: new Date(2026, 0, 1).getTime() },
      actions: [
        { type: 'SCRIPT', scriptId: 4, scriptName: 'Ping a host', runAs: 'SYSTEM', scriptParam: '', variables: { count: '', host: '10.0' } },
        newAction('WINDOWS_SERVICE'),
        { type: 'DEFRAG', volumes: [] },
        newAction('SCRIPT'),
      ],
    };
    const errors = fieldErrors(schema, broken);
    expect(errors).toMatchObject({
      name: 'Required',
      'schedule.startDate': "You can't select a date / time in the past",
      'actions.0.variables.count': 'Required',
      'actions.0.variables.host': 'Not an IPv4 address',
      'actions.1.serviceName': 'Required',
      'actions.2.volumes': 'Choose at least one volume.',
      'actions.3.scriptId': 'Choose a script',
    });
    expect(tabsWithErrors(errors, tabs)).toEqual(['general', 'schedule', 'actions']);
  });

  it('a task needs an action', () => {
    expect(fieldErrors(schema, { ...valid(), actions: [] })).toEqual({ actions: 'Add at least one action.' });
  });

  it('a start date as loaded is kept even once past', () => {
    const past = new Date(2026, 0, 1).getTime();
    const form = { ...valid(), schedule: { ...valid().schedule, startDate: past } };
    expect(fieldErrors(taskFormSchema({ scripts: [script], loadedStartDate: past, now: () => now }), form)).toEqual({});
  });
});
