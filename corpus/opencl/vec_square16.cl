//pass
//--local_size=64 --num_groups=16
// expect: drf — vstore16 at offset gid covers out[16 * gid .. 16 * gid + 15], disjoint between work-items
__kernel void k(__global const float *in, __global float *out)
{
  size_t gid = get_global_id(0);
  float16 v = vload16(gid, in);
  vstore16(v * v, gid, out);
}
