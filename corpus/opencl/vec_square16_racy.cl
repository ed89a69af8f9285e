//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — vstore16 at out + 8 * gid makes out[8 * gid + 8 .. 8 * gid + 15] written by both work-items gid and gid + 1 with different values
__kernel void k(__global const float *in, __global float *out)
{
  size_t gid = get_global_id(0);
  float16 v = vload16(gid, in);
  vstore16(v * v, 0, out + 8 * gid);
}
