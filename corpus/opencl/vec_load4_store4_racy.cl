//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — vstore4 at out + 2 * gid writes out[2 * gid .. 2 * gid + 3], so out[2 * gid + 2] is written by work-items gid and gid + 1 with different loaded values
__kernel void k(__global const float *in, __global float *out)
{
  size_t gid = get_global_id(0);
  float4 v = vload4(gid, in);
  vstore4(v * 2.0f, 0, out + 2 * gid);
}
