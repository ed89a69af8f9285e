//pass
//--local_size=64 --num_groups=16
// expect: drf — vstore4 at offset gid writes out[4 * gid .. 4 * gid + 3], a range no other work-item touches
__kernel void k(__global const float *in, __global float *out)
{
  size_t gid = get_global_id(0);
  float4 v = vload4(gid, in);
  vstore4(v * 2.0f, gid, out);
}
