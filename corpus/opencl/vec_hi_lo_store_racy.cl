//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the offsets gid and gid + 1 make work-item gid's .lo store and work-item gid + 1's .hi store both write out[4 * gid + 4 .. 4 * gid + 7] with different values
__kernel void k(__global const float *in, __global float *out)
{
  size_t gid = get_global_id(0);
  float8 v = vload8(gid, in);
  vstore4(v.hi, gid, out);
  vstore4(v.lo, gid + 1, out);
}
