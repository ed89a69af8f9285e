//pass
//--local_size=32 --num_groups=256
// expect: drf — shared_A[t0] and the halo cells shared_A[32 + t0] (t0 < 2) have distinct writers, reads follow the barrier, and B[c0 + t0 + 1] has one writer
__kernel void kernel0(__global float *A, __global float *B, int n)
{
  __requires(n == 4096);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);
  __local float shared_A[34];

  for (int c0 = 32 * b0; c0 < n; c0 += 8192) {
    if (c0 + t0 < n)
      shared_A[t0] = A[c0 + t0];
    if (t0 < 2 && c0 + 32 + t0 < n)
      shared_A[32 + t0] = A[c0 + 32 + t0];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (c0 + t0 + 2 < n)
      B[c0 + t0 + 1] = 0.33333f * (shared_A[t0] + shared_A[t0 + 1] + shared_A[t0 + 2]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
