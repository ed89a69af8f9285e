//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the weaker precondition leaves the pitch n free, so with n == 512 row c0 column c1 + 512 of group b0 and row c0 + 1 column c1 of group b0 + 1 read and write the same A cell
__kernel void kernel0(__global float *A, __global float *alpha, int m, int n)
{
  __requires(m == 1024);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);

  for (int c0 = b0; c0 < 2048; c0 += 16)
    for (int c1 = t0; c1 < m; c1 += 64)
      A[c0 * n + c1] = alpha[c0] * A[c0 * n + c1];
}
