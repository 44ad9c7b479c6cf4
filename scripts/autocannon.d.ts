// Minimal types for the parts of autocannon the bench uses (the package ships none).
declare module "autocannon" {
  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    throughput: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }): Promise<Result>;
  export default autocannon;
}
