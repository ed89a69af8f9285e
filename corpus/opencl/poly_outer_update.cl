//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — each (c0 + t0, c1 + t1) point of A is updated by exactly one work-item and the pitch ld == n keeps rows apart
__kernel void kernel0(__global float *A, __global float *u, __global float *v, int n, int ld)
{
  __requires(n == 512 && ld == 512);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);

  for (int c0 = 16 * b0; c0 < n; c0 += 128)
    for (int c1 = 16 * b1; c1 < n; c1 += 128)
      A[(c0 + t0) * ld + (c1 + t1)] += u[c0 + t0] * v[c1 + t1];
}
