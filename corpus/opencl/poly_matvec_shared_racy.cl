//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=256
// expect: racy — without the barrier at the top of the c1 loop, the write shared_x[t0] for tile c1+32 races with another work-item's read shared_x[c2] of tile c1
__kernel void kernel0(__global float *A, __global float *x, __global float *y, int n)
{
  __requires(n == 1024);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);
  __local float shared_x[32];
  float private_y;

  for (int c0 = 32 * b0; c0 < n; c0 += 8192) {
    private_y = 0.0f;
    for (int c1 = 0; c1 < n; c1 += 32) {
      shared_x[t0] = x[c1 + t0];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int c2 = 0; c2 < 32; c2 += 1)
        private_y += A[(c0 + t0) * n + (c1 + c2)] * shared_x[c2];
    }
    y[c0 + t0] = private_y;
  }
}
