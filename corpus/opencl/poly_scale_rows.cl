//pass
//--local_size=64 --num_groups=16
// expect: drf — with m == 1024 columns per row and row pitch n == 1024, A[c0 * n + c1] is a distinct cell for each (row c0, column c1) pair and each pair has one owner
__kernel void kernel0(__global float *A, __global float *alpha, int m, int n)
{
  __requires(m == 1024 && n == 1024);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);

  for (int c0 = b0; c0 < 2048; c0 += 16)
    for (int c1 = t0; c1 < m; c1 += 64)
      A[c0 * n + c1] = alpha[c0] * A[c0 * n + c1];
}
