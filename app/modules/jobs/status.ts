/** Whether a job's progress row is still waiting in the queue or working: its page keeps refreshing (decision 084). */
export const isUnderWay = (status: string) => status === "queued" || status === "running";
