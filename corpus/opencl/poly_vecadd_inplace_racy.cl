//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=256
// expect: racy — tiles start at 16 * b0 but are 32 wide, so A[t0 + c0] written by work-item t0+16 of group b0 is read and written by work-item t0 of group b0+1
__kernel void kernel0(__global float *A, __global float *B, int n)
{
  __requires(n == 4096);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);

  for (int c0 = 16 * b0; c0 < n; c0 += 8192)
    if (n >= t0 + c0 + 1)
      A[t0 + c0] = A[t0 + c0] + B[t0 + c0];
}
