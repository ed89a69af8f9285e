//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[16,16]
// expect: racy — the tile row index c3 / 2 makes work-items (t0, 0) and (t0, 1) both write shared_A[4][t0] (from rows 8 and 9 of A) in the same phase
__kernel void kernel0(__global float *A, __global float *C, int n)
{
  __requires(n == 512);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(0), t1 = get_local_id(1);
  __local float shared_A[32][32];

  for (int c3 = t1; c3 <= 31; c3 += 8)
    shared_A[c3 / 2][t0] = A[(32 * b0 + c3) * n + (32 * b1 + t0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int c3 = t1; c3 <= 31; c3 += 8) {
    float acc = 0.0f;
    for (int c4 = 0; c4 < 32; c4 += 1)
      acc += shared_A[c3][c4] * shared_A[t0][c4];
    C[(32 * b0 + c3) * n + (32 * b1 + t0)] += acc;
  }
}
