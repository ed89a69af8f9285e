//pass
//--local_size=64 --num_groups=16
// expect: drf — .lo goes to out[8 * gid .. + 3] and .hi to out[8 * gid + 4 .. + 7], both inside the work-item's own 8-cell block
__kernel void k(__global const float *in, __global float *out)
{
  size_t gid = get_global_id(0);
  float8 v = vload8(gid, in);
  vstore4(v.hi, 2 * gid, out);
  vstore4(v.lo, 2 * gid + 1, out);
}
