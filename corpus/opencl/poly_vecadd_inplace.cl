//pass
//--local_size=32 --num_groups=256
// expect: drf — each work-item updates A[c0 + t0] for its own tile offset c0 = 32 * b0, so no two work-items touch the same cell
__kernel void kernel0(__global float *A, __global float *B, int n)
{
  __requires(n == 4096);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);

  for (int c0 = 32 * b0; c0 < n; c0 += 8192)
    if (n >= t0 + c0 + 1)
      A[t0 + c0] = A[t0 + c0] + B[t0 + c0];
}
